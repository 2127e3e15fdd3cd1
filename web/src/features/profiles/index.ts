// Profiles area (spec access-and-identity 4 "Profiles"): the #profiles picker, switching
// (with the PIN for adult profiles), the editor with its avatar picker and new profiles.
// The modal host renders ProfilesModal for #profiles; the settings area shows
// ProfileManager as its profile management section and ProfileTiles on its start; the
// account menu lists the profiles with ProfileSwitchList.
export { ProfilesModal } from './ProfilesModal';
export { ProfileManager } from './ProfileManager';
export { ProfileTiles } from './ProfileTiles';
export { ProfileAvatar } from './ProfileAvatar';
export { ProfileSwitchList } from './ProfileSwitchList';
export { useProfileSwitch } from './useProfileSwitch';
export { profilesQuery, profileKeys } from './api';
export { preferredChannelCategory } from './channelCategory';
export { MAX_PROFILES, PROFILE_NAME_MAX, CHILD_CHANNEL_CATEGORY, canAddProfile, showNewProfileTile, validateProfileName, normaliseProfileName } from './rules';
