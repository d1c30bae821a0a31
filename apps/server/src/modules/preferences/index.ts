export { getAgencyPreferences } from './agency-preferences.ts';
