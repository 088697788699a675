export { compileColumns, fillMessage, type CompiledColumn } from './compile';
export {
  NO_ERRORS,
  applyVerdicts,
  dropRows,
  validateAll,
  validateAllSync,
  validateCells,
  type CellTargets,
  type CellVerdict,
  type ErrorIndex,
  type ValidationResult,
} from './validate';
export { commitTargets } from './targets';
