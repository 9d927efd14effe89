-- The unique identity key serves every read of odds_quotes; this index only cost writes (docs/decisions/019).
DROP INDEX "odds_quotes_event_book_market_idx";