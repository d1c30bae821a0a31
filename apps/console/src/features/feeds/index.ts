/** The feeds feature's public API (CONTRIBUTING.md, "Module boundaries"); its screen: routes/feeds.tsx. */
export { BulkChannelActions } from './components/bulk-channel-actions';
export { PageChannelsPanel } from './components/page-channels-panel';
