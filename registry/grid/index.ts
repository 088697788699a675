export { EditableGrid } from './EditableGrid';
export type * from './types';
export { createGridStore, type GridStore } from './store/grid-store';
