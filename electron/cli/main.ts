import { servicepayProgram } from './program.js';

await servicepayProgram().parseAsync(process.argv);
