import { describe, expect, it } from 'vitest';
import type { ParentalSettings } from '@/shared/api';
import { isCompletePin, isPinOffered, needsPinCheck, pinsMatch, sanitisePin, shortPassMs, type CheckContext } from './pin';
import { passStore, recordPass, clearPass } from './passStore';

const settings: ParentalSettings = { profile: true, program: true, vod: true, channel: false, pay: false, settings: true, duration: 30 };
const base: CheckContext = { status: 'set', isLogged: true, settings, nowMs: 1_000_000, passUntilMs: 0, shortPassUntilMs: 0 };

describe('PIN format', () => {
  it('keeps only 4 digits', () => {
    expect(sanitisePin('12a3-45')).toBe('1234');
    expect(sanitisePin('٣')).toBe('');
  });
  it('is complete at exactly 4 ASCII digits', () => {
    expect(isCompletePin('1234')).toBe(true);
    expect(isCompletePin('123')).toBe(false);
    expect(isCompletePin('12345')).toBe(false);
    expect(isCompletePin('12a4')).toBe(false);
  });
  it('two-step setting needs two equal complete entries', () => {
    expect(pinsMatch('1234', '1234')).toBe(true);
    expect(pinsMatch('1234', '4321')).toBe(false);
    expect(pinsMatch('123', '123')).toBe(false);
  });
});

describe('which actions need a check', () => {
  it('never without a set PIN or without login', () => {
    expect(needsPinCheck('vod', { ...base, status: 'notset' })).toBe(false);
    expect(needsPinCheck('vod', { ...base, status: 'ignore' })).toBe(false);
    expect(needsPinCheck('vod', { ...base, isLogged: false })).toBe(false);
    expect(isPinOffered('set', true)).toBe(true);
  });
  it('follows the device flags', () => {
    expect(needsPinCheck('profile', base)).toBe(true);
    expect(needsPinCheck('vod', base)).toBe(true);
    expect(needsPinCheck('channel', base)).toBe(false);
    expect(needsPinCheck('pay', base)).toBe(false);
  });
  it('always protects the parental settings themselves', () => {
    const off = { ...settings, settings: false, profile: false };
    expect(needsPinCheck('parental', { ...base, settings: off })).toBe(true);
  });
  it('protects everything while the device settings are unknown', () => {
    expect(needsPinCheck('pay', { ...base, settings: null })).toBe(true);
  });
  it('skips content checks within 30 s of a transaction', () => {
    expect(needsPinCheck('vod', { ...base, lastTransactionMs: base.nowMs - 10_000 })).toBe(false);
    expect(needsPinCheck('vod', { ...base, lastTransactionMs: base.nowMs - 31_000 })).toBe(true);
    expect(needsPinCheck('profile', { ...base, lastTransactionMs: base.nowMs - 10_000 })).toBe(true);
  });
  it('skips while a pass lasts', () => {
    expect(needsPinCheck('vod', { ...base, shortPassUntilMs: base.nowMs + 1 })).toBe(false);
    expect(needsPinCheck('vod', { ...base, passUntilMs: base.nowMs + 60_000 })).toBe(false);
    expect(needsPinCheck('vod', { ...base, passUntilMs: base.nowMs - 1 })).toBe(true);
  });
});

describe('pass durations', () => {
  it('2 s for content, 5 s for other actions', () => {
    expect(shortPassMs('vod')).toBe(2_000);
    expect(shortPassMs('channel')).toBe(2_000);
    expect(shortPassMs('program')).toBe(2_000);
    expect(shortPassMs('profile')).toBe(5_000);
    expect(shortPassMs('pay')).toBe(5_000);
    expect(shortPassMs('settings')).toBe(5_000);
  });
  it('mirrors the server pass_until and keeps it when unknown', () => {
    recordPass('profile', 2_000, 1_000_000);
    expect(passStore.get()).toEqual({ shortPassUntilMs: 1_005_000, passUntilMs: 2_000_000 });
    recordPass('vod', null, 1_100_000);
    expect(passStore.get()).toEqual({ shortPassUntilMs: 1_102_000, passUntilMs: 2_000_000 });
    clearPass();
    expect(passStore.get()).toEqual({ shortPassUntilMs: 0, passUntilMs: 0 });
  });
});
