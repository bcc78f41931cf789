// Odd workloads through the controllers (odd-controllers.ts), part 1 of 2: every other manifest.
import { oddControllersSuite } from './odd-controllers.js';

oddControllersSuite(0, 2);
