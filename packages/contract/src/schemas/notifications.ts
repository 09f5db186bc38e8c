import { z } from 'zod';

export const notificationTypeSchema = z
  .enum(['Generic', 'LannerVerification', 'IncompleteProfile', 'EmailVerification'])
  .meta({
    id: 'NotificationType',
    description: 'What a notification to the signed-in user is about.',
  });

export type NotificationType = z.infer<typeof notificationTypeSchema>;

export const severitySchema = z.enum(['Info', 'Warning', 'Error', 'Success']).meta({
  id: 'Severity',
  description:
    'How a notification is shown: Info plainly; Warning, Error and Success in their own themes.',
});

export type Severity = z.infer<typeof severitySchema>;

export const notificationSchema = z
  .object({
    type: notificationTypeSchema,
    severity: severitySchema,
    message: z.string(),
    title: z.string().optional(),
  })
  .meta({ id: 'Notification', description: 'A message to the signed-in user.' });

export type Notification = z.infer<typeof notificationSchema>;
