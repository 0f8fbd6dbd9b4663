-- The dashboard and the financial dashboard are kept by the farm's data version (decisions
-- 027, 030): besides the tables already versioned (0015, 0017) they read the vaccinations
-- (a flock's next one), the monthly budgets and the yearly budgets, so writes to those move
-- the version on too, at the commit, once per farm and transaction.
DO $$
DECLARE
  tbl text;
BEGIN
  FOREACH tbl IN ARRAY ARRAY['vaccinations', 'budgets', 'flock_year_budgets'] LOOP
    EXECUTE format('CREATE CONSTRAINT TRIGGER %1$s_bump_data_version AFTER INSERT OR UPDATE OR DELETE ON %1$I DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_farm_data_version()', tbl);
  END LOOP;
END $$;
