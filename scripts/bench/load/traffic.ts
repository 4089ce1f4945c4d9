/**
 * The load run's chat traffic (docs/architecture.md §5 "Measured capacity"): members and their
 * providers writing to each other at an offered rate, every message kept in the history
 * (`save_to_history`, wire §14.2) and markable, every received message answered by a displayed
 * marker (XEP-0333), as the member apps and the portal do. One step of the sweep offers one rate
 * for a while and then waits for what is still under way; its figures are the messages sent,
 * delivered, their delivery latency (sender's clock to receiver's, one process) and the markers back.
 */
import { randomBytes } from 'node:crypto';
import { escapeXml } from '../../../src/xmpp/xml/element';
import { quantile } from '../bench';
import type { C2sMember } from './member-c2s';
import type { LoadProvider } from './providers';

const MARKERS_NS = 'urn:xmpp:chat-markers:0';
/**
 * The extension the member apps put on a message they keep (wire §14.2): the dialog, created by the
 * server's history with this id on the pair's first message, and `save_to_history`.
 */
const keep = (dialogId: string) =>
  `<extraParams xmlns='jabber:client'><save_to_history>1</save_to_history><dialog_id>${dialogId}</dialog_id></extraParams>`;
/** The sender's clock and the step in each body: `load <step> <ms since the epoch>`. */
const BODY = /^load (\d+) (\d+)/;

export interface StepFigures {
  sent: number;
  delivered: number;
  late: number;
  p50: number;
  p99: number;
  /** p99 of the messages members sent to providers, and of those providers sent to members. */
  p99ToProviders: number;
  p99ToMembers: number;
  markers: number;
}

interface Step {
  index: number;
  sent: number;
  toProviders: number[];
  toMembers: number[];
  markers: number;
}

export function createTraffic(
  members: C2sMember[],
  providers: LoadProvider[],
  providerJid: (p: LoadProvider) => string,
) {
  const steps: Step[] = [];
  /** Each member's dialog with her provider: a 24-hex id as the vendor's ObjectIds (wire §14.2). */
  const dialogs = members.map(() => randomBytes(12).toString('hex'));
  let markerIds = 0;
  let messageIds = 0;

  const delivered = (body: string | null | undefined, to: 'toProviders' | 'toMembers') => {
    const m = body ? BODY.exec(body) : null;
    const step = m ? steps[Number(m[1])] : undefined;
    if (!step) return;
    step[to].push(Date.now() - Number(m![2]));
  };
  const markerBack = (messageId: string) => {
    const step = steps[Number(messageId.split('-')[1])];
    if (step) step.markers += 1;
  };

  for (const [i, member] of members.entries()) {
    const provider = providers[i % providers.length]!;
    const to = providerJid(provider);
    member.onStanza((name, text) => {
      if (name !== 'message') return;
      const id = /\sid=['"]([^'"]+)['"]/.exec(text)?.[1];
      // util.stanza writes attributes in no fixed order.
      if (text.includes('<displayed ') && text.includes(MARKERS_NS)) {
        const of = /<displayed[^>]*\sid=['"]([^'"]+)['"]/.exec(text)?.[1];
        if (of) markerBack(of);
        return;
      }
      const body = /<body>([^<]*)<\/body>/.exec(text)?.[1];
      if (!body || !id) return;
      delivered(body, 'toMembers');
      member.write(
        `<message to='${escapeXml(to)}' type='chat' id='d${++markerIds}'><displayed xmlns='${MARKERS_NS}' id='${escapeXml(id)}'/><extraParams xmlns='jabber:client'><dialog_id>${dialogs[i]}</dialog_id></extraParams></message>`,
      );
    });
  }
  for (const provider of providers) {
    provider.chat.messages.on('message', (m) => {
      if (m.carbon || !m.body?.startsWith('load ')) return;
      delivered(m.body, 'toProviders');
      if (m.userId !== null)
        provider.chat.sendReadStatus({ messageId: m.id, userId: m.userId, dialogId: m.dialogId });
    });
    provider.chat.markers.on('read', (e) => {
      if (!e.carbon) markerBack(e.messageId);
    });
  }

  /** Sends message `n` of the step: even ones from a member to her provider, odd ones back. */
  const send = (step: Step, n: number) => {
    const which = Math.floor(n / 2) % members.length;
    const member = members[which]!;
    const provider = providers[which % providers.length]!;
    const dialogId = dialogs[which]!;
    const id = `m-${step.index}-${++messageIds}`;
    const body = `load ${step.index} ${Date.now()}`;
    if (n % 2 === 0) {
      member.write(
        `<message to='${escapeXml(providerJid(provider))}' type='chat' id='${id}'><body>${body}</body><markable xmlns='${MARKERS_NS}'/>${keep(dialogId)}</message>`,
      );
    } else {
      provider.chat.send(member.jid.split('/')[0]!, {
        id,
        body,
        markable: true,
        extension: { save_to_history: 1, dialog_id: dialogId },
      });
    }
    step.sent += 1;
  };

  return {
    /**
     * Offers `rate` messages a second for `seconds`, spread over 10-ms ticks, then waits up to
     * `drainMs` for what is under way. A message later than the drain counts as not delivered.
     */
    async step(rate: number, seconds: number, drainMs = 10_000): Promise<StepFigures> {
      const step: Step = {
        index: steps.length,
        sent: 0,
        toProviders: [],
        toMembers: [],
        markers: 0,
      };
      steps.push(step);
      const started = performance.now();
      await new Promise<void>((resolve) => {
        const tick = setInterval(() => {
          const elapsed = (performance.now() - started) / 1000;
          const due = Math.min(Math.floor(rate * elapsed), Math.floor(rate * seconds));
          while (step.sent < due) send(step, step.sent);
          if (elapsed >= seconds) {
            clearInterval(tick);
            resolve();
          }
        }, 10);
      });
      const deadline = performance.now() + drainMs;
      while (
        performance.now() < deadline &&
        (step.toProviders.length + step.toMembers.length < step.sent || step.markers < step.sent)
      )
        await new Promise((r) => setTimeout(r, 50));
      const latencies = [...step.toProviders, ...step.toMembers];
      return {
        sent: step.sent,
        delivered: latencies.length,
        late: latencies.filter((l) => l > 500).length,
        p50: quantile(latencies, 0.5),
        p99: quantile(latencies, 0.99),
        p99ToProviders: quantile(step.toProviders, 0.99),
        p99ToMembers: quantile(step.toMembers, 0.99),
        markers: step.markers,
      };
    },
  };
}
