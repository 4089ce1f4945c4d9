/**
 * The app socket's wire constants, shared by the server endpoint and the `src/socket` client
 * (spec §7 "Real-time app socket", §9 heart-beat; docs/architecture.md §3 "App socket").
 */

/** Path of the WebSocket endpoint on the one origin (docs/architecture.md §1). */
export const APP_SOCKET_PATH = '/socket';

/**
 * The `{product}` of the spec's `/{product}User/queue/errors`: this portal is the advisor product
 * (its cookie is `advisorVersion`, spec §3), so errors go to `/advisorUser/queue/errors`.
 */
export const APP_SOCKET_PRODUCT = 'advisor';

/** Subscriptions with the ids spec §7 gives them. */
export const APP_SOCKET_SUBSCRIPTIONS = {
  chatPrivate: { destination: '/queue/chat-private', id: '1' },
  errors: { destination: `/${APP_SOCKET_PRODUCT}User/queue/errors`, id: '2' },
  eventTracking: { destination: '/queue/event-tracking', id: '3' },
} as const;

/** Where the client sends (spec §7). */
export const APP_SOCKET_SEND = {
  chatPrivate: '/connect/chat-private',
  eventTracking: '/connect/event-tracking',
} as const;

/** Bodies are binary protobuf (`ClientMessage` up, `ServerMessage` down), spec §3. */
export const APP_SOCKET_CONTENT_TYPE = 'application/x-protobuf';

/** The CONNECT header that carries the portal's auth token. */
export const APP_SOCKET_TOKEN_HEADER = 'authToken';

/** The notification-tree node keys of spec §3, root first. */
export const NOTIFICATION_TREE_KEYS = {
  root: 'NOTIFICATION',
  clientActivities: 'NOTIFICATION_CLIENT_ACTIVITIES_LIST',
  unviewed: 'NOTIFICATION_UNVIEW_LIST',
} as const;
