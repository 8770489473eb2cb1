-- Every search spends a bot-check token. The record only has to outlive its 10-minute challenge, so it skips the
-- write-ahead log: no fsync per search. After a database crash the table starts empty, which reopens at most ten
-- minutes of tokens to one more use.
ALTER TABLE "spent_bot_tokens" SET UNLOGGED;
