---- MODULE E4262_record_field_twice ----
Msg == [src |-> 1, dst |-> 2, src |-> 3]
====
