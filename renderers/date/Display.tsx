import { dateDisplay } from '../shared/DateDisplay';

/** `YYYY-MM-DD` (a datetime value shows its day). Light: lists show it before the picker loads. */
export const DateDisplay = dateDisplay('date');
