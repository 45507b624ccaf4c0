// What `npm start -- --server URL --data DIR` does before the app starts (its first start's
// questions, then the attach), without building or starting the app: a test runs it in a
// pseudo-terminal to type the answers as a manager would. Args: server URL, data folder.
import { attachAtStart } from '../../../../scripts/start/attach.js';

const [server = '', dataDir = ''] = process.argv.slice(2);
try {
  await attachAtStart({ server, dataDir, terminalId: 'front-7', log: (line) => console.log(line) });
  process.exit(0);
} catch (error) {
  console.error(`npm start: ${(error as Error).message}`);
  process.exit(1);
}
