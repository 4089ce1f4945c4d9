/** The protocol console (docs/console.md): sources and actions on the left, the timeline beside. */
import { ChatPanel } from './chat-panel';
import { LiveTabs } from './live-tabs';
import { useEntries } from './recorder';
import { SocketPanel } from './socket-panel';
import { Timeline } from './timeline';
import { Toolbar } from './toolbar';

export function ConsoleApp() {
  const entries = useEntries();
  return (
    <div className="console">
      <Toolbar />
      <main>
        <aside>
          <LiveTabs />
          <ChatPanel />
          <SocketPanel />
        </aside>
        <Timeline entries={entries} />
      </main>
    </div>
  );
}
