import { dateDisplay } from '../shared/DateDisplay';

/** `HH:mm:ss`. Light: lists show it before the picker loads. */
export const TimeDisplay = dateDisplay('time');
