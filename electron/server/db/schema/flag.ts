/** A 0/1 column (SQLite has no boolean type; PostgreSQL stores the same integers). */
export type Flag = number;
