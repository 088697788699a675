/** The JSON diff lives with the shared contracts: 报表配置's history compares drafts with it too. */
export { diffJson, escapePointerToken } from '../../../src/contracts/json-diff';
