-- Issue 30: the spec's spellings ('curreny', 'bouns') belong to the wire only. The contract keeps
-- them; the database says what it means.
ALTER TABLE price_packages RENAME COLUMN curreny TO currency;
ALTER TABLE price_packages RENAME CONSTRAINT price_packages_curreny_check TO price_packages_currency_check;
ALTER TABLE promo_offers RENAME COLUMN curreny TO currency;
ALTER TABLE promo_offers RENAME CONSTRAINT promo_offers_curreny_check TO promo_offers_currency_check;
-- The boost's multiplier: (price + gift) / price of the boost package, four decimals.
ALTER TABLE boost_offers RENAME COLUMN bouns TO multiplier;
