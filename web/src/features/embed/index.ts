// Channel embed (/channel_embed/{channelId}?ts=): the player alone for a frame on another
// site, with the channel's access rules as messages inside the frame.
export { default as ChannelEmbedPage } from './ChannelEmbedPage';
