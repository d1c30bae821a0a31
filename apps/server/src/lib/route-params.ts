// The params live in the contracts with the endpoint table; re-exported until every module mounts
// its routes from the table (then the route files import them from @vitrine/contracts directly).
export { dayFilter, idParams, uuidParams } from '@vitrine/contracts';

/** Day filters are São Paulo days: where they start and end. */
export const startOfDay = (day: string) => new Date(`${day}T00:00:00-03:00`);
export const endOfDay = (day: string) => new Date(`${day}T23:59:59.999-03:00`);
