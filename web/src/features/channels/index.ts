// Channels area (spec catalogue-playback-commerce 2 "Channel viewer", 4 "Channel opening",
// "Favourites"): the channel list by category, free channels, the channel viewer, and the
// TV calls other areas (guide, embed) reuse.
export * from './api';
export * from './queries';
export * from './constants';
export { toggleCategory, visibleCategories, findCategory, channelsInCategories, lineUpOrder, adultCategoryIds } from './categories';
export { matchesSearch, searchVariants } from './search';
export { groupSchedule, decideScheduleClick, entryAt, adjacentEntry, isOnAir, entryEnd, localDate } from './schedule';
export type { ScheduleDay, ScheduleClick } from './schedule';
export { isAdultChannel, effectiveTs, parseTs, previewAllowed, neighbour } from './access';
export { readLastChannels, rememberChannel } from './lastChannels';
export { channelPath, channelsPath, findChannel } from './paths';
export { useAdultGate } from './viewer/useAdultGate';
export type { AdultGate } from './viewer/useAdultGate';
export { useChannelsData } from './useChannelsData';
export type { ChannelsData } from './useChannelsData';
export type * from './types';

// Screens (the route table loads this module lazily).
export { ChannelsPage } from './ChannelsPage';
export { ChannelViewer } from './viewer/ChannelViewer';
export { FreeChannelsPage } from './FreeChannelsPage';
export { ChannelGrid } from './ChannelGrid';
