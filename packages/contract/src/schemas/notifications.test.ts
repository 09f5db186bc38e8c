import { describe, expect, it } from 'vitest';
import { notificationSchema, notificationTypeSchema, severitySchema } from './notifications.ts';

describe('notificationSchema', () => {
  it('accepts a notification with a title', () => {
    const notification = {
      type: 'IncompleteProfile',
      severity: 'Warning',
      title: 'Incomplete profile',
      message: "Please verify and complete your profile to participate in the lan-party's.",
    };
    expect(notificationSchema.parse(notification)).toEqual(notification);
  });

  it('accepts a notification without a title', () => {
    expect(
      notificationSchema.safeParse({ type: 'Generic', severity: 'Success', message: 'Saved' })
        .success,
    ).toBe(true);
  });

  it('knows the four notification types and four severities', () => {
    expect(notificationTypeSchema.options).toEqual([
      'Generic',
      'LannerVerification',
      'IncompleteProfile',
      'EmailVerification',
    ]);
    expect(severitySchema.options).toEqual(['Info', 'Warning', 'Error', 'Success']);
  });
});
