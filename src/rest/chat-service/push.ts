/** Push subscriptions and events (docs/wire/hosted-chat.md §9). */
import type { ChatServiceClient } from './client';
import type { Page } from './types';

export interface NewSubscription {
  notification_channel: 'apns' | 'apns_voip' | 'gcm' | 'mpns' | 'bbps' | 'email';
  environment: 'development' | 'production';
  client_identification_sequence: string;
  bundle_identifier?: string;
  platform: string;
  udid: string;
}

export interface NewEvent {
  notification_type: 'push' | 'email';
  environment: 'development' | 'production';
  /** Base64 when `push_type` is absent (see {@link base64Encode}). */
  message: string;
  push_type?: string;
  event_type?: 'one_shot' | 'fixed_date' | 'period_date';
  name?: string;
  period?: number;
  date?: number;
  user?: { ids?: number[]; tags?: { any?: string[]; all?: string[]; exclude?: string[] } };
  external_user?: { ids: Array<string | number> };
}

/** UTF-8 text → base64, as the vendor's `base64Encode` helper. */
export function base64Encode(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export const chatPush = (client: ChatServiceClient) => ({
  subscriptions: {
    create: (s: NewSubscription) =>
      client.request<Array<{ subscription: Record<string, unknown> }>>({
        method: 'POST',
        path: 'subscriptions.json',
        form: {
          notification_channel: s.notification_channel,
          push_token: {
            environment: s.environment,
            client_identification_sequence: s.client_identification_sequence,
            bundle_identifier: s.bundle_identifier,
          },
          device: { platform: s.platform, udid: s.udid },
        },
      }),
    list: () =>
      client.request<Array<{ subscription: Record<string, unknown> }>>({ path: 'subscriptions.json' }),
    async delete(id: number): Promise<void> {
      await client.request({ method: 'DELETE', path: `subscriptions/${id}.json`, text: true });
    },
  },
  events: {
    async create(event: NewEvent): Promise<Record<string, unknown>> {
      return (
        await client.request<{ event: Record<string, unknown> }>({
          method: 'POST',
          path: 'events.json',
          json: { event },
        })
      ).event;
    },
    list: (page = 1, perPage = 10) =>
      client.request<Page<{ event: Record<string, unknown> }>>({
        path: 'events.json',
        query: { page, per_page: perPage },
      }),
    async get(id: number): Promise<Record<string, unknown>> {
      return (await client.request<{ event: Record<string, unknown> }>({ path: `events/${id}.json` })).event;
    },
    async delete(id: number): Promise<void> {
      await client.request({ method: 'DELETE', path: `events/${id}.json`, text: true });
    },
    status: (id: number) =>
      client.request<{ event: Record<string, unknown> }>({ path: `events/${id}/status.json` }),
  },
});
