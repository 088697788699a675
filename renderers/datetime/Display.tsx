import { dateDisplay } from '../shared/DateDisplay';

/** `YYYY-MM-DD HH:mm:ss`. Light: lists show it before the picker loads. */
export const DatetimeDisplay = dateDisplay('datetime');
