/** For tests: the agency's preference rows (created with their defaults), as the API lists them. */
export { listPreferences } from '../agency-preferences.ts';
