import preset from '../../jest.preset.js';
export default { ...preset, rootDir: import.meta.dirname };
