export { agencyPreferenceIs, getAgencyPreferences } from './agency-preferences.ts';
