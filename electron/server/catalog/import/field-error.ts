/** A problem in one field of one record (the line is added by the caller). */
export interface FieldError {
  field: string;
  message: string;
}
