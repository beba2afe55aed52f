import 'pretendard/dist/web/variable/pretendardvariable-dynamic-subset.css';
import './global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createAppRouter } from './app/router';

/*
 * Entry: fonts and global CSS, the data router, and <App/> in StrictMode. The router creates the store on first
 * need (lazy `app-store` chunk, see app/appStore.ts) and attaches its own `navigate` to the saga context.
 */
const router = createAppRouter();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <App router={router} />
  </StrictMode>,
);
