/**
 * The timeline (docs/console.md "What it shows"): filters, follow one message id, the list, and
 * the selected entry's wire text and decoded fields.
 */
import { useMemo, useState } from 'react';
import { followMessage, matchesFilter, type TraceEntry, type TraceFilter } from '../trace';

const time = (ms: number) => new Date(ms).toISOString().slice(11, 23);
const ARROW = { in: '←', out: '→', local: '·' } as const;
const FIELDS: Array<[keyof TraceFilter, string]> = [
  ['connection', 'connection'],
  ['type', 'type (message, sm/, call/, stomp/, rest)'],
  ['namespace', 'namespace'],
  ['jid', 'JID'],
  ['dialog', 'dialog id'],
  ['text', 'text'],
];

function Detail({ entry, onFollow }: { entry: TraceEntry; onFollow: (id: string) => void }) {
  return (
    <div className="detail" data-testid="entry-detail">
      <p>
        #{entry.seq} {entry.connection} {ARROW[entry.direction]} {entry.kind} · {entry.size} B
        {entry.error && <span className="error"> · {entry.error}</span>}
      </p>
      {entry.ids.length > 0 && (
        <p>
          Follow:{' '}
          {entry.ids.map((id) => (
            <button key={id} type="button" className="link" onClick={() => onFollow(id)}>
              {id}
            </button>
          ))}
        </p>
      )}
      <pre>{entry.raw}</pre>
      {entry.decoded !== undefined && (
        <pre data-testid="decoded">{JSON.stringify(entry.decoded, null, 2)}</pre>
      )}
    </div>
  );
}

export function Timeline({ entries }: { entries: readonly TraceEntry[] }) {
  const [filter, setFilter] = useState<TraceFilter>({});
  const [follow, setFollow] = useState('');
  const [selected, setSelected] = useState<number | null>(null);
  const followed = useMemo(() => (follow ? followMessage(entries, follow) : null), [entries, follow]);
  const shown = entries.filter((e) => matchesFilter(e, filter) && (!followed || followed.has(e.seq)));
  const chosen = entries.find((e) => e.seq === selected);
  return (
    <section className="timeline" aria-label="Timeline">
      <div className="filters">
        {FIELDS.map(([key, label]) => (
          <input
            key={key}
            aria-label={`Filter ${label}`}
            placeholder={label}
            value={(filter[key] as string | undefined) ?? ''}
            onChange={(e) => setFilter({ ...filter, [key]: e.target.value })}
          />
        ))}
        <select
          aria-label="Filter direction"
          value={filter.direction ?? ''}
          onChange={(e) => setFilter({ ...filter, direction: e.target.value as TraceFilter['direction'] })}
        >
          <option value="">in and out</option>
          <option value="in">in</option>
          <option value="out">out</option>
          <option value="local">notes</option>
        </select>
        <input
          aria-label="Follow message id"
          placeholder="follow message id"
          value={follow}
          onChange={(e) => setFollow(e.target.value.trim())}
        />
        <span className="hint" data-testid="shown-count">
          {shown.length} of {entries.length}
        </span>
      </div>
      <div className="split">
        <table>
          <thead>
            <tr>
              <th>time</th>
              <th>connection</th>
              <th />
              <th>type</th>
              <th>size</th>
              <th>summary</th>
            </tr>
          </thead>
          <tbody>
            {shown.slice(-2000).map((entry) => (
              <tr
                key={entry.seq}
                data-testid="entry"
                data-kind={entry.kind}
                className={`${entry.error ? 'failed' : ''} ${entry.seq === selected ? 'selected' : ''}`}
                onClick={() => setSelected(entry.seq)}
              >
                <td>{time(entry.time)}</td>
                <td>{entry.connection}</td>
                <td>{ARROW[entry.direction]}</td>
                <td>{entry.kind}</td>
                <td>{entry.size}</td>
                <td>
                  {entry.summary}
                  {entry.error && <span className="error"> ⚠ {entry.error}</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {chosen && <Detail entry={chosen} onFollow={setFollow} />}
      </div>
    </section>
  );
}
