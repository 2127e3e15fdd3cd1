import type { components } from '@/shared/api/schema';

// Wire types of the TV calls, generated from api/openapi.yaml (npm run gen:api) and named
// after the spec's entities (Channel, Category, Schedule entry, Stream response).

type S = components['schemas'];

export type Channel = S['Channel'];
export type ChannelCover = S['ChannelCover'];
export type CurrentSchedule = S['CurrentSchedule'];
export type Category = S['ChannelCategory'];
export type CategoryTags = Category['tags'];
/** Ratings and persons are optional extras some guides carry (spec "Channel viewer"). */
export type ScheduleEntry = S['ScheduleEntry'] & {
  ratings?: { type: string; rating: number }[];
  persons?: { id?: number; name: string; role?: string; slug?: string }[];
};
export type StreamInfo = S['StreamInfo'];
export type StreamAnswer = S['ChannelStream'];
export type ChannelPacket = S['ChannelPacket'];
export type Program = S['Program'];
export type Favorite = S['Favorite'];
export type FavoriteKind = Favorite['kind'];
