// Profile rules of spec access-and-identity 4 "Profiles", 5 and 9.
import { MAX_PROFILES } from '@/shared/lib/constants';

export { MAX_PROFILES };
export const PROFILE_NAME_MAX = 32;
/** Channel category the channel list opens with for a child profile. */
export const CHILD_CHANNEL_CATEGORY = 22;

export function normaliseProfileName(input: string): string {
  return input.trim();
}

export type ProfileNameError = 'required' | 'tooLong';

/** Required after trimming, at most 32 characters (the server's limit). */
export function validateProfileName(input: string): ProfileNameError | null {
  const name = normaliseProfileName(input);
  if (!name) return 'required';
  if ([...name].length > PROFILE_NAME_MAX) return 'tooLong';
  return null;
}

/** A new profile only while fewer than 5 exist. */
export function canAddProfile(count: number): boolean {
  return count < MAX_PROFILES;
}

/**
 * The settings start shows a 'new' tile only below the limit and while no parental
 * settings are pending (the parental dialogue has not been answered yet).
 */
export function showNewProfileTile(count: number, parentalPending: boolean): boolean {
  return canAddProfile(count) && !parentalPending;
}
