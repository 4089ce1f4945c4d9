/** Entry of the protocol console page (`/console`, its own Vite entry: docs/console.md). */
import '../shared/api/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ConsoleApp } from './console-app';
import './console.css';

createRoot(document.getElementById('console-root')!).render(
  <StrictMode>
    <ConsoleApp />
  </StrictMode>,
);
