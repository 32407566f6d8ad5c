BoutJÂ»=
Ì>JNœ>