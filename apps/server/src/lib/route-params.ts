/** Day filters are São Paulo days: where they start and end. */
export const startOfDay = (day: string) => new Date(`${day}T00:00:00-03:00`);
export const endOfDay = (day: string) => new Date(`${day}T23:59:59.999-03:00`);
