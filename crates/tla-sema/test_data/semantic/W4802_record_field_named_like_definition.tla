---- MODULE W4802_record_field_named_like_definition ----
count == 0
Message == [count |-> 1, kind |-> "ping"]
====
