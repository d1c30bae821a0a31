/** Dates and times: the console's one formatting module, in the agency's time zone (not the browser's). */
export { formatDateTime } from '@/lib/datetime';
