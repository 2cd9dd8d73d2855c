// What the tools feature offers other features (the home page's picks, the purchase page); its pages are its own.
export { ToolDetails } from './components/tool-details';
export { ToolGrid } from './components/tool-grid';
export { ToolSearch } from './components/tool-search';
