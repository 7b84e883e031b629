---- MODULE E4262_record_set_field_twice ----
Msgs == [src : {1}, src : {2}]
====
