/** A report's own access code: opening, querying and exporting it. */
export const reportAccessCode = (code: string) => `report:${code}:list`;
/** 报表配置's own code: who designs reports may preview every one of them. */
export const REPORT_DESIGN_CODE = 'lowcode:report:list';
