import { describe, expect, it } from 'vitest'
import { splitStatements } from './migrate'

describe('splitStatements', () => {
  it('splits on semicolons outside dollar quotes and drops comments', () => {
    const sql = `-- a comment; with a semicolon
CREATE TABLE a (x int); -- trailing
CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'x; y';
  RETURN NULL;
END
$$;
INSERT INTO a VALUES (1);`
    const parts = splitStatements(sql)
    expect(parts).toHaveLength(3)
    expect(parts[0]).toBe('CREATE TABLE a (x int)')
    expect(parts[1]).toContain("RAISE EXCEPTION 'x; y';")
    expect(parts[1]).toMatch(/END\n\$\$$/)
    expect(parts[2]).toBe('INSERT INTO a VALUES (1)')
  })
})
