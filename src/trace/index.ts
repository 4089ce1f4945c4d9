/** The recorder and decoders of the protocol console (docs/console.md), headless: browser and Node. */
export type { TraceEntry, TraceInput, TraceChannel, TraceDirection } from './types';
export { createRecorder, type Recorder, type RecorderOptions, type TraceListener } from './recorder';
export { decodeXmpp } from './decode-xmpp';
export { decodeStomp, parseStompFrame, type StompFrame } from './decode-stomp';
export { decodeBosh, type BoshRequest } from './decode-bosh';
export { decodeRest, recordingFetch, answerCode, type RestCall } from './decode-rest';
export {
  decodeCallSignal,
  describeCallSignal,
  summariseSdp,
  parseCandidate,
  CALL_MODULE,
  type CallSignal,
  type SdpSummary,
  type CandidateSummary,
} from './decode-call';
export { prettyXml } from './pretty-xml';
export { maskEntry, maskText, maskValue, MASK } from './mask';
export {
  exportTrace,
  parseTrace,
  TraceFileError,
  TRACE_FORMAT,
  TRACE_VERSION,
  type TraceFile,
} from './trace-file';
export { matchesFilter, type TraceFilter } from './filter';
export { followMessage } from './follow';
export * from './live-channel';
