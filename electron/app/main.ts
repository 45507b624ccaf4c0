// The Electron main process: runs the app with its command line (launch.ts, where its failures are said).
import { launch } from './launch.js';

void launch(process.argv.slice(1));
