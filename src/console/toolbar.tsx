/** Pause, clear, export (secrets masked) and import a trace file (docs/console.md "Trace files"). */
import { useState } from 'react';
import { parseTrace } from '../trace';
import { recorder } from './recorder';

export function Toolbar() {
  const [paused, setPaused] = useState(recorder.paused);
  const [error, setError] = useState<string | null>(null);
  const download = () => {
    const blob = new Blob([recorder.toJSON()], { type: 'application/json' });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = `portal-trace-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
    link.click();
    URL.revokeObjectURL(link.href);
  };
  const open = async (file: File | undefined) => {
    if (!file) return;
    try {
      recorder.load(parseTrace(await file.text()));
      setError(null);
    } catch (caught) {
      setError((caught as Error).message);
    }
  };
  return (
    <header className="toolbar">
      <h1>Protocol console</h1>
      <button
        type="button"
        onClick={() => {
          recorder.paused = !paused;
          setPaused(!paused);
        }}
      >
        {paused ? 'Resume' : 'Pause'}
      </button>
      <button type="button" onClick={() => recorder.clear()}>
        Clear
      </button>
      <button type="button" onClick={download}>
        Export
      </button>
      <label className="button">
        Import{' '}
        <input
          type="file"
          accept="application/json,.json"
          hidden
          onChange={(e) => void open(e.target.files?.[0])}
        />
      </label>
      {error && (
        <span role="alert" className="error">
          {error}
        </span>
      )}
    </header>
  );
}
