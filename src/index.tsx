// First, before React and the router are evaluated: the early start's requests and the route chunks (docs/architecture.md "Session").
import { appMayStart, earlyRenewal, firstDetail, firstListPage } from './app/start/earlySession';
import 'pretendard/dist/web/variable/pretendardvariable-dynamic-subset.css';
import './global.css';

/*
 * Entry, run after the early script (src/early.ts): the early start's hand-over and the route chunks
 * (app/start/earlySession.ts), fonts and global CSS, then the app (app/start/main.tsx: the data router and <App/>). The app
 * module is part of this chunk (`eager`: no extra request); importing it evaluates React, MUI and the router, which
 * takes a while, so it waits until the early renewal's request has left.
 */
void appMayStart
  .then(() => import(/* webpackMode: "eager" */ './app/start/main'))
  .then(({ startApp }) => startApp({ earlyRenewal, firstListPage, firstDetail }));
