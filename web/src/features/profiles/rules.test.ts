import { describe, expect, it } from 'vitest';
import { canAddProfile, normaliseProfileName, showNewProfileTile, validateProfileName, MAX_PROFILES, PROFILE_NAME_MAX } from './rules';

describe('profile name', () => {
  it('is required after trimming', () => {
    expect(validateProfileName('')).toBe('required');
    expect(validateProfileName('   ')).toBe('required');
    expect(validateProfileName(' Маша ')).toBeNull();
    expect(normaliseProfileName('  Маша ')).toBe('Маша');
  });
  it('has at most 32 characters', () => {
    expect(PROFILE_NAME_MAX).toBe(32);
    expect(validateProfileName('a'.repeat(32))).toBeNull();
    expect(validateProfileName('a'.repeat(33))).toBe('tooLong');
    expect(validateProfileName(`  ${'a'.repeat(32)}  `)).toBeNull();
  });
});

describe('the 5-profile limit', () => {
  it('allows a new profile only while fewer than 5 exist', () => {
    expect(MAX_PROFILES).toBe(5);
    expect(canAddProfile(4)).toBe(true);
    expect(canAddProfile(5)).toBe(false);
  });
  it('hides the new tile at the limit or while parental settings are pending', () => {
    expect(showNewProfileTile(1, false)).toBe(true);
    expect(showNewProfileTile(1, true)).toBe(false);
    expect(showNewProfileTile(5, false)).toBe(false);
  });
});
