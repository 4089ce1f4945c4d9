/** SDP munging of wire §20.8: VP8 first on m=video, extmap-allow-mixed removed, bandwidth lines. */
import { describe, expect, it } from 'vitest';
import { preferCodec, removeExtmapAllowMixed, setBandwidth } from '../../../src/webrtc';
import { mungeLocal, mungeRemote } from '../../../src/webrtc/sdp/munge';

const SDP = [
  'v=0',
  'o=- 1 2 IN IP4 127.0.0.1',
  's=-',
  't=0 0',
  'a=extmap-allow-mixed',
  'm=audio 9 UDP/TLS/RTP/SAVPF 111 0',
  'c=IN IP4 0.0.0.0',
  'a=rtpmap:111 opus/48000/2',
  'a=rtpmap:0 PCMU/8000',
  'm=video 9 UDP/TLS/RTP/SAVPF 96 97 98 99 100',
  'c=IN IP4 0.0.0.0',
  'a=rtpmap:96 H264/90000',
  'a=rtpmap:97 rtx/90000',
  'a=rtpmap:98 VP8/90000',
  'a=rtpmap:99 rtx/90000',
  'a=rtpmap:100 VP8/90000',
  'a=extmap-allow-mixed',
  '',
].join('\r\n');

describe('preferCodec', () => {
  it('moves every VP8 payload type to the front of m=video, keeping the rest in order', () => {
    const out = preferCodec(SDP, 'VP8');
    expect(out).toContain('m=video 9 UDP/TLS/RTP/SAVPF 98 100 96 97 99\r\n');
    expect(out).toContain('m=audio 9 UDP/TLS/RTP/SAVPF 111 0\r\n');
  });
  it('leaves the SDP alone without the codec or without video', () => {
    expect(preferCodec(SDP, 'AV1')).toBe(SDP);
    const audioOnly = SDP.slice(0, SDP.indexOf('m=video'));
    expect(preferCodec(audioOnly, 'VP8')).toBe(audioOnly);
  });
});

describe('removeExtmapAllowMixed', () => {
  it('drops every a=extmap-allow-mixed line', () => {
    const out = removeExtmapAllowMixed(SDP);
    expect(out).not.toContain('extmap-allow-mixed');
    expect(out.split('\r\n')).toHaveLength(SDP.split('\r\n').length - 2);
  });
});

describe('setBandwidth', () => {
  it('puts b=AS after m=video and its c= line', () => {
    const lines = setBandwidth(SDP, 512).split('\r\n');
    const m = lines.findIndex((l) => l.startsWith('m=video'));
    expect(lines.slice(m, m + 3)).toEqual([
      'm=video 9 UDP/TLS/RTP/SAVPF 96 97 98 99 100',
      'c=IN IP4 0.0.0.0',
      'b=AS:512',
    ]);
  });
  it('writes b=TIAS in bits per second (kbps × 1024) and replaces an existing b= line', () => {
    const once = setBandwidth(SDP, 256, 'TIAS');
    expect(once).toContain('c=IN IP4 0.0.0.0\r\nb=TIAS:262144\r\na=rtpmap:96');
    const twice = setBandwidth(once, 128, 'TIAS');
    expect(twice.match(/b=TIAS/g)).toHaveLength(1);
    expect(twice).toContain('b=TIAS:131072');
  });
  it('with zero removes the first b=AS or b=TIAS line', () => {
    const limited = setBandwidth(SDP, 300);
    expect(setBandwidth(limited, 0)).toBe(SDP);
  });
});

describe('local and remote munging', () => {
  it('local: VP8 first, no extmap-allow-mixed, bandwidth set', () => {
    const out = mungeLocal(SDP, 'VP8', 1000, 'AS');
    expect(out).toContain('m=video 9 UDP/TLS/RTP/SAVPF 98 100 96 97 99');
    expect(out).toContain('b=AS:1000');
    expect(out).not.toContain('extmap-allow-mixed');
  });
  it('remote: only a non-zero bandwidth changes it', () => {
    expect(mungeRemote(SDP, 0, 'AS')).toBe(SDP);
    expect(mungeRemote(SDP, 64, 'AS')).toContain('b=AS:64');
  });
});
