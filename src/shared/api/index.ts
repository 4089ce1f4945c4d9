/** The own-API contract: every endpoint, for the server, the OpenAPI document and `src/rest`. */
export * from './envelope';
export * from './endpoint';
export * from './fields';
export * as account from './account';
export * as protocol from './protocol';
export * as chatIdentity from './chat-identity';
export * as chat from './chat';
export { AuditStatus, DoctorInfo, SignInResult, ConsultationCounts } from './account';
export { Protocol } from './protocol';
export { ChatCredentials } from './chat-identity';
export { ChatAccountInfo, ClientInfo, ProviderDialog } from './chat';
export * as cycleData from './cycle-data';
export * as call from './call';
export * as secondFactor from './second-factor';
