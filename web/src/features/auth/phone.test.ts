import { describe, expect, it } from 'vitest';
import { almaMaySend } from './phone';

describe('Alma 7-rule', () => {
  it('sends only phones beginning with 7', () => {
    expect(almaMaySend('77011234567')).toBe(true);
    expect(almaMaySend('87011234567')).toBe(false);
    expect(almaMaySend('9001234567')).toBe(false);
  });
});
