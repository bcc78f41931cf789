// Odd workloads through the controllers (odd-controllers.ts), part 2 of 2: every other manifest.
import { oddControllersSuite } from './odd-controllers.js';

oddControllersSuite(1, 2);
