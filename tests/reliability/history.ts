/** The chat-service history (`/qb/chat/Message.json`) as the fault suite reads it: ids per dialog. */
import { qbClient, type Loose } from '../support/qb';

export async function historyIds(baseUrl: string, token: string, dialogId: string): Promise<string[]> {
  const qb = qbClient(baseUrl);
  const ids: string[] = [];
  for (let skip = 0; ; skip += 100) {
    const answer = await qb.call(
      'GET',
      `/chat/Message.json?chat_dialog_id=${dialogId}&mark_as_read=0&limit=100&skip=${skip}&sort_asc=date_sent`,
      { token },
    );
    if (answer.status !== 200) throw new Error(`History answered ${answer.status}: ${answer.text}`);
    const items = answer.body.items as Loose[];
    ids.push(...items.map((m) => String(m._id)));
    if (items.length < 100) return ids;
  }
}

/** Polls the history until every id is in it (or `ms` passed); returns the last ids read. */
export async function historyHolding(
  baseUrl: string,
  token: string,
  dialogId: string,
  expected: readonly string[],
  ms = 30_000,
): Promise<string[]> {
  const deadline = Date.now() + ms;
  for (;;) {
    const ids = await historyIds(baseUrl, token, dialogId);
    const have = new Set(ids);
    if (expected.every((id) => have.has(id)) || Date.now() > deadline) return ids;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
